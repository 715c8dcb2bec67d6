import { useEffect, useState } from 'react';
import LazyChunk, { chunk } from '#components/ui/LazyChunk.tsx';
import { $notificationsDrawerOpen } from '#stores/drawer.ts';
import { useStore } from '#stores/prerendered.ts';
import { $notifications } from './stores/notifications.ts';
import { notificationTexts } from './texts.ts';

// The sheet is a dialog: the dialogs' code loads beside it, not after it (Dialog too is imported here only on demand,
// so the page does not carry it).
const loadSheet = chunk(() =>
  Promise.all([
    import('./NotificationsSheet.tsx'),
    import('#components/ui/Dialog.tsx').then((dialog) => dialog.loadDialog()),
  ]).then(([sheet]) => sheet),
);

/**
 * The notifications drawer (docs/product.md «Notifications drawer»). At load it only watches the notifications, which
 * loads them and keeps the bell's count; the sheet (the dialog and its cards) loads when the drawer is first opened,
 * out of the page's initial JS.
 */
export default function NotificationsDrawer() {
  const open = useStore($notificationsDrawerOpen);
  useStore($notifications);
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  if (!opened) return null;
  return (
    <LazyChunk
      load={loadSheet}
      props={{}}
      fallback={null}
      failedText={notificationTexts.sheetFailed}
      retryLabel={notificationTexts.retry}
    />
  );
}
