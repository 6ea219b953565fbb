import type { Profile, UpdateProfileInput } from '@viabiliza/contracts/profile';
import type { Database } from '@viabiliza/db/client';
import { notFound } from '../../lib/app-error.ts';
import { findProfile, updateProfile } from './profile.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof findProfile>>>;
const toProfile = (row: Row): Profile => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const row = await findProfile(db, userId);
  if (!row) throw notFound();
  return toProfile(row);
}

export async function saveProfile(db: Database, userId: string, input: Required<{ [K in keyof UpdateProfileInput]: Exclude<UpdateProfileInput[K], undefined> }>): Promise<Profile> {
  const row = await updateProfile(db, userId, {
    fullName: input.fullName,
    phone: input.phone ?? null,
    company: input.company ?? null,
  });
  if (!row) throw notFound();
  return toProfile(row);
}
