import { eq } from 'drizzle-orm';
import { user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

const profileColumns = {
  email: user.email,
  fullName: user.name,
  phone: user.phone,
  company: user.company,
  updatedAt: user.updatedAt,
};

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select(profileColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function updateProfile(
  db: Database,
  userId: string,
  values: { fullName: string; phone: string | null; company: string | null },
) {
  const [row] = await db
    .update(user)
    .set({ name: values.fullName, phone: values.phone, company: values.company })
    .where(eq(user.id, userId))
    .returning(profileColumns);
  return row ?? null;
}
