import { lazy, Suspense, useEffect, useState } from 'react';
import { usePopUp } from '../api/pop-up-list';
import { anyPopUpSeen, markPopUpSeen, wasPopUpSeen } from '../pop-up-seen';

// The pop-up is rare and dismissed once a session: its code loads only in a session that has not shown
// one yet, and then beside the popUp/list request rather than after it. When there is a pop-up it is
// the largest thing the first screen paints, so waiting for the answer before fetching its code made
// the screen's largest paint wait for one more round trip.
const loadNoticePopup = () => import('./NoticePopup');
const NoticePopup = lazy(loadNoticePopup);

/** The operators' pop-up notice (SPEC §3 "Pop-up info"), once per session, on whichever home layout opens first. */
export function PopUpNotice() {
  const popUp = usePopUp();
  const [open, setOpen] = useState(false);
  const row = popUp.data;
  useEffect(() => {
    if (!anyPopUpSeen()) void loadNoticePopup().catch(() => undefined);
  }, []);
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
