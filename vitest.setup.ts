import { afterEach } from 'vitest';

// Long synchronous suites (the order book's property tests run ~77 s of pure computation) starve the
// worker's event loop if only microtasks run between tests: Vitest's replies then queue behind them
// and its 60 s RPC timer fires ("Timeout calling onTaskUpdate"). One macrotask turn after each test
// lets those messages through.
afterEach(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
