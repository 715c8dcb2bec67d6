import type { ReactNode } from 'react';
import Dialog from '#components/ui/Dialog.tsx';
import Spinner from '#components/ui/Spinner.tsx';
import type { Notification } from '#domain/contract.ts';
import { notificationPath } from '#domain/routes.ts';
import { formatNotificationDate } from '#lib/dates.ts';
import { $notificationsDrawerOpen, setNotificationsDrawerOpen } from '#stores/drawer.ts';
import { useStore } from '#stores/prerendered.ts';
import { $notifications } from './stores/notifications.ts';
import { notificationTexts } from './texts.ts';

/** One notification: message and date; a link to its route (click or Enter), plain text when it has none. */
function NotificationCard({ notification }: { notification: Notification }) {
  const path = notificationPath(notification.route);
  const content = (
    <>
      <span className="notification__message">{notification.message}</span>
      <time className="notification__date" dateTime={notification.dateCreate}>
        {formatNotificationDate(notification.dateCreate)}
      </time>
    </>
  );
  return path ? (
    <a className="notification notification--link" href={path}>
      {content}
    </a>
  ) : (
    <div className="notification">{content}</div>
  );
}

/**
 * The notifications drawer's sheet (docs/product.md «Notifications drawer»): from the right, 360 px, opened by the bell
 * through the drawer store. Loaded by NotificationsDrawer when the drawer is first opened.
 */
export default function NotificationsSheet() {
  const open = useStore($notificationsDrawerOpen);
  const { status, items } = useStore($notifications);

  let body: ReactNode;
  if (status === 'loading') body = <Spinner label={notificationTexts.loading} />;
  else if (items.length === 0) body = <p className="notifications__empty">{notificationTexts.empty}</p>;
  else
    body = (
      <ul className="notifications">
        {items.map((notification) => (
          <li key={notification.id}>
            <NotificationCard notification={notification} />
          </li>
        ))}
      </ul>
    );

  return (
    <Dialog variant="sheet" open={open} onOpenChange={setNotificationsDrawerOpen} title={notificationTexts.title}>
      {body}
    </Dialog>
  );
}
