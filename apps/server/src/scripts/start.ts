// `npm start`: the server (main.ts) in this process and, unless KESTREL_MARKET_MAKER=off, the
// coin-to-coin market maker as a child process once the server answers. The market maker is stopped with
// the server; if it exits on its own it is started again after a pause.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../config';

const MARKET_MAKER_RESTART_MS = 5_000;
const HEALTH_WAIT_MS_MAX = 120_000;

const config = loadConfig();
let child: ChildProcess | null = null;
let shuttingDown = false;

// Registered before main.ts's own handlers, so the child is told first.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    shuttingDown = true;
    child?.kill('SIGTERM');
  });
}

await import('../main');

async function serverIsUp(): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < HEALTH_WAIT_MS_MAX) {
    try {
      const response = await fetch(`http://${config.host}:${config.port}/api/health`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

function startMarketMaker(): void {
  if (shuttingDown) return;
  child = fork(path.join(import.meta.dirname, 'market-maker', 'main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code) => {
    child = null;
    if (shuttingDown) return;
    process.stderr.write(`market maker exited (${code}); starting it again in ${MARKET_MAKER_RESTART_MS / 1000} s\n`);
    setTimeout(startMarketMaker, MARKET_MAKER_RESTART_MS).unref();
  });
}

if (config.marketMaker) {
  if (await serverIsUp()) startMarketMaker();
  else process.stderr.write('market maker not started: the server did not answer /api/health\n');
}
