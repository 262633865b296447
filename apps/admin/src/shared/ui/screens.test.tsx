// @vitest-environment jsdom
import { funding } from '@kestrel/contract';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSession } from '../api/session';
import { ListScreen } from './ListScreen';
import { Screen, ScreenNameContext, tabbedScreen } from './Screen';
import { editColumn } from './columns';
import { useRowEditor } from './use-editor';

beforeAll(() => {
  // antd's table measures the scrollbar through a pseudo-element's style, which jsdom does not compute.
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
  // antd asks the window for media queries; jsdom has none.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

afterEach(() => {
  cleanup();
  writeSession(null);
});

const DEPOSITS = { title: 'Deposit queue', testId: 'screen-deposits' };

describe('console screens', () => {
  it('take their title and test id from the route the shell opened', () => {
    render(
      <ScreenNameContext.Provider value={DEPOSITS}>
        <Screen subtitle="Customers’ deposit requests.">body</Screen>
      </ScreenNameContext.Provider>,
    );
    const shown = screen.getByTestId('screen-deposits');
    expect(shown.querySelector('h3')?.textContent).toBe('Deposit queue');
    expect(shown.textContent).toContain('Customers’ deposit requests.');
  });

  it('leave out the tabs whose endpoint the role may not call', () => {
    writeSession({ token: 't', staff: { id: 1, username: 'cleo', role: 'content' } });
    const Tabbed = tabbedScreen('Channels', [
      { key: 'deposit', label: 'Deposit channels', children: 'deposit list' },
      { key: 'withdraw', label: 'Withdrawal channels', children: 'withdraw list', gate: funding.operatorDeposits },
    ]);
    render(
      <ScreenNameContext.Provider value={{ title: 'Payment channels', testId: 'screen-channels' }}>
        <Tabbed />
      </ScreenNameContext.Provider>,
    );
    expect(screen.getByRole('tab', { name: 'Deposit channels' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Withdrawal channels' })).toBeNull();
  });

  it('show a list with its toolbar, rows and edit buttons, and what the rows open', () => {
    const edited: number[] = [];
    render(
      <ScreenNameContext.Provider value={DEPOSITS}>
        <ListScreen<{ id: number; name: string }>
          subtitle="A list"
          toolbar={<span data-testid="toolbar">filter</span>}
          read={{
            data: { rows: [{ id: 7, name: 'Seven' }], total: 1 },
            error: null,
            isFetching: false,
            refetch: vi.fn(),
          }}
          pagination={false}
          columns={[{ title: 'Name', dataIndex: 'name' }, editColumn((row) => edited.push(row.id))]}
        >
          <span data-testid="dialog">dialog</span>
        </ListScreen>
      </ScreenNameContext.Provider>,
    );
    expect(screen.getByTestId('toolbar')).toBeTruthy();
    expect(screen.getByTestId('dialog')).toBeTruthy();
    expect(screen.getByText('Seven')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(edited).toEqual([7]);
  });
});

describe('useRowEditor', () => {
  type Channel = { id: number; channelName: string; isVisible: number };
  const channel: Channel = { id: 3, channelName: 'USDT TRC20', isVisible: 1 };

  it('opens on a row with its form values, and hands the save that row', async () => {
    const { result } = renderHook(() =>
      useRowEditor<Channel, { isVisible: boolean }>((row) => ({ isVisible: row.isVisible === 1 })),
    );
    expect(result.current.drawer.open).toBe(false);
    act(() => result.current.edit(channel));
    expect(result.current.drawer.open).toBe(true);
    expect(result.current.row).toBe(channel);
    const values = result.current.drawer.initialValues;
    expect(values).toEqual({ isVisible: true });

    const saved: [Channel, { isVisible: boolean; reason: string }][] = [];
    await result.current.submit(async (row, form) => saved.push([row, form]))({ isVisible: false, reason: 'hide' });
    expect(saved).toEqual([[channel, { isVisible: false, reason: 'hide' }]]);
    // The values are read once: the drawer's form is not reset by a later render while it is open.
    expect(result.current.drawer.initialValues).toBe(values);

    act(() => result.current.drawer.onClose());
    expect(result.current.drawer.open).toBe(false);
    expect(result.current.row).toBeNull();
  });

  it('saves nothing while no row is open', async () => {
    const { result } = renderHook(() => useRowEditor<Channel, object>(() => ({})));
    const save = vi.fn(async () => undefined);
    await result.current.submit(save)({ reason: 'nothing open' });
    expect(save).not.toHaveBeenCalled();
  });
});
