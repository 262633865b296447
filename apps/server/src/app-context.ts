import type { FastifyBaseLogger } from 'fastify';
import type { MarketFeed } from '@kestrel/market';
import type { Config } from './config';
import type { DatabaseHandle } from './db/connection';
import type { Notifier } from './notify/notifier';
import type { Authenticate } from './http/route';
import type { LanguagePacks } from './features/language/language-packs';
import type { Scheduler } from './jobs/scheduler';
import type { ClusterBus } from './core/cluster-bus';

/** What every feature receives: built once by the app factory, passed down, never imported globally. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  market: MarketFeed;
  notifier: Notifier;
  clock: () => number;
  log: FastifyBaseLogger;
  authenticate: Authenticate;
  languagePacks: LanguagePacks;
  /** The one scheduler of every periodic job; started once the app is ready, stopped on close. */
  scheduler: Scheduler;
  /** How this process reaches the others (issue 18): the local bus alone, Redis in a cluster. */
  bus: ClusterBus;
  /** In a cluster, where the other processes reach this one (forwarded coin-to-coin orders). */
  internalUrl: string | undefined;
}
