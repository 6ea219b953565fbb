import type * as React from 'react';

import { Card, CardContent } from '@/components/ui/card';

/** The frame of the account pages (forgot password, new password, e-mail confirmation). */
export function AccountPage({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-14">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">{lead}</p>
      </div>
      <Card>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
