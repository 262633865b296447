import { lazy, Suspense, useEffect, useState } from 'react';
import { usePopUp } from '../api/pop-up-list';
import { anyPopUpSeen, markPopUpSeen, wasPopUpSeen } from '../pop-up-seen';
import { loadNoticePopup } from '../prefetch';

// The pop-up is rare and dismissed once a session: its code loads only in a session that has not shown
// one yet, and then beside the popUp/list request rather than after it (from the app's start when it
// opens on home, features/home/prefetch.ts). When there is a pop-up it is the largest thing the first
// screen paints, so waiting for the answer before fetching its code made the screen's largest paint
// wait for one more round trip.
const NoticePopup = lazy(loadNoticePopup);

/** The operators' pop-up notice (SPEC §3 "Pop-up info"), once per session, on whichever home layout opens first. */
export function PopUpNotice() {
  const popUp = usePopUp();
  const row = popUp.data;
  // Which pop-up this screen shows, decided while rendering (not in an effect after the screen has been
  // drawn), so it is drawn with the screen rather than one more render later.
  const [shownId, setShownId] = useState<number | null>(null);
  const [closedId, setClosedId] = useState<number | null>(null);
  if (row && row.id !== shownId && !wasPopUpSeen(row.id)) setShownId(row.id);
  useEffect(() => {
    if (!anyPopUpSeen()) void loadNoticePopup().catch(() => undefined);
  }, []);
  // Seen as soon as it is shown.
  useEffect(() => {
    if (shownId !== null) markPopUpSeen(shownId);
  }, [shownId]);
  if (!row || row.id !== shownId || row.id === closedId) return null;
  return (
    <Suspense fallback={null}>
      <NoticePopup popUp={row} onClose={() => setClosedId(row.id)} />
    </Suspense>
  );
}
