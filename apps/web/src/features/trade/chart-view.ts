import { create } from 'zustand';
import { DEFAULT_VIEW, type ChartView } from './components/IntervalChips';

/** The chart's interval and mode, shared by the trade tab and the full-screen chart for this visit. */
const useChartViewStore = create<{ view: ChartView; setView: (view: ChartView) => void }>()((set) => ({
  view: DEFAULT_VIEW,
  setView: (view) => set({ view }),
}));

export function useChartView(): [ChartView, (view: ChartView) => void] {
  const view = useChartViewStore((state) => state.view);
  const setView = useChartViewStore((state) => state.setView);
  return [view, setView];
}
