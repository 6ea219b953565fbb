import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useEffect, useState } from 'react';

import { useDeleteNotification } from '@/features/notifications/api/delete-notification';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { useNotificationEvents } from '@/features/notifications/api/subscribe-notification-events';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatBadgeCount } from '@/lib/format';
import { useSession } from '@/lib/session';

/** Bell with unread badge and the 'Notificações' panel; also keeps the live event stream open. */
export function NotificationBell() {
  const { user } = useSession();
  const signedIn = Boolean(user);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => new Date());
  const notifications = useNotifications({ enabled: signedIn });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();
  useNotificationEvents({ enabled: signedIn });

  // Relative times ('5m', '2h') are recomputed while the panel is open.
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  const items = notifications.data?.items ?? [];
  const unread = Math.max(0, notifications.data?.unreadCount ?? 0);

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setNow(new Date());
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          // The badge's figure is a word of the name, as it is seen (WCAG 2.5.3).
          aria-label={unread > 0 ? `Notificações, ${formatBadgeCount(unread)} não lida(s)` : 'Notificações'}
        >
          <Bell aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {formatBadgeCount(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-start justify-between gap-2 px-4 py-3">
          <div className="space-y-0.5">
            <h2 className="font-semibold">Notificações</h2>
            <p className="text-xs text-muted-foreground">{formatBadgeCount(unread)} não lida(s)</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="h-8 text-xs"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            <CheckCheck aria-hidden />
            Marcar todas como lidas
          </Button>
        </div>
        <Separator />
        {notifications.isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-muted-foreground">
            <Spinner />
            Carregando notificações...
          </div>
        ) : notifications.isError ? (
          <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
            {errorMessage(notifications.error)}
          </p>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-sm text-muted-foreground">
            <BellOff className="size-6" aria-hidden />
            Nenhuma notificação
          </div>
        ) : (
          <ScrollArea className="max-h-[min(24rem,60vh)] [&>[data-slot=scroll-area-viewport]]:max-h-[min(24rem,60vh)]">
            <ul aria-label="Lista de notificações" className="divide-y">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  notification={item}
                  now={now}
                  onMarkRead={(id) => markRead.mutate(id)}
                  onDelete={(id) => remove.mutate(id)}
                />
              ))}
            </ul>
          </ScrollArea>
        )}
      </PopoverContent>
    </Popover>
  );
}
