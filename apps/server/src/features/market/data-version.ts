import { isSessionOpen, type MarketFeed, type SessionKind } from '@kestrel/market';

/**
 * The version of what the public market answers show (product rows with their tickers, candles). It
 * moves with every tick, with every change of the product catalogue (catalogueChanged), and when a
 * trading session opens or closes (a row's `sessionOpen` follows the clock, not the ticks). Two
 * requests at one version get the same answer, so an answer is built at most once per version.
 */
export class MarketDataVersion {
  private ticks = 0;
  private catalogueChanges = 0;
  private readonly sessions: readonly SessionKind[];
  private readonly stopCounting: () => void;

  constructor(
    market: MarketFeed,
    private readonly clock: () => number,
  ) {
    this.sessions = [...new Set(market.instruments.map((instrument) => instrument.session))];
    this.stopCounting = market.onTick(() => {
      this.ticks += 1;
    });
  }

  current(): string {
    const now = this.clock();
    let openSessions = 0;
    this.sessions.forEach((session, index) => {
      if (isSessionOpen(session, now)) openSessions |= 1 << index;
    });
    return `${this.ticks}.${this.catalogueChanges}.${openSessions}`;
  }

  catalogueChanged(): void {
    this.catalogueChanges += 1;
  }

  stop(): void {
    this.stopCounting();
  }
}
