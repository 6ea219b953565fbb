import type { Notification, NotificationType } from '@viabiliza/contracts/notifications';
import { Check, CircleAlert, CircleCheck, Info, Trash2, TriangleAlert, type LucideIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatDateTime, relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const TYPE_ICONS: Record<NotificationType, { icon: LucideIcon; className: string; label: string }> = {
  error: { icon: CircleAlert, className: 'text-destructive', label: 'Erro' },
  success: { icon: CircleCheck, className: 'text-success', label: 'Sucesso' },
  warning: { icon: TriangleAlert, className: 'text-warning', label: 'Aviso' },
  info: { icon: Info, className: 'text-primary', label: 'Informação' },
};

export function NotificationItem({
  notification,
  now,
  onMarkRead,
  onDelete,
}: {
  notification: Notification;
  now: Date;
  onMarkRead: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { icon: Icon, className, label } = TYPE_ICONS[notification.type] ?? TYPE_ICONS.info;

  return (
    <li
      className={cn('group flex gap-3 px-4 py-3 transition-colors hover:bg-muted/50', !notification.read && 'bg-primary/5')}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', className)} aria-label={label} role="img" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <p className={cn('text-sm leading-snug', notification.read ? 'font-medium' : 'font-semibold')}>
            {notification.title}
            {!notification.read && <span className="sr-only"> (não lida)</span>}
          </p>
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {relativeTime(notification.createdAt, now)}
          </time>
        </div>
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">{notification.message}</p>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {!notification.read && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="size-7"
            aria-label="Marcar como lida"
            title="Marcar como lida"
            onClick={() => onMarkRead(notification.id)}
          >
            <Check aria-hidden />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7 text-muted-foreground hover:text-destructive"
          aria-label="Excluir notificação"
          title="Excluir notificação"
          onClick={() => onDelete(notification.id)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
