import { lazy, Suspense, useEffect, useState } from 'react';
import { usePopUp } from '../api/pop-up-list';
import { markPopUpSeen, wasPopUpSeen } from '../pop-up-seen';

// The pop-up is rare and dismissed once a session: its code loads only when there is one to show.
const NoticePopup = lazy(() => import('./NoticePopup'));

/** The operators' pop-up notice (SPEC §3 "Pop-up info"), once per session, on whichever home layout opens first. */
export function PopUpNotice() {
  const popUp = usePopUp();
  const [open, setOpen] = useState(false);
  const row = popUp.data;
  // Seen as soon as it is shown.
  useEffect(() => {
    if (row && !wasPopUpSeen(row.id)) {
      markPopUpSeen(row.id);
      setOpen(true);
    }
  }, [row]);
  if (!open || !row) return null;
  return (
    <Suspense fallback={null}>
      <NoticePopup popUp={row} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
