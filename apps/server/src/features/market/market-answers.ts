import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Candle, Product } from '@kestrel/contract';
import type { Interval } from '@kestrel/market';
import type { AppContext } from '../../app-context';
import type { RequestContext } from '../../http/route';
import { AnswerCache } from './answer-cache';
import { followCatalogueChanges } from './catalogue-changes';
import { MarketDataVersion } from './data-version';
import type { MemoryServing } from './memory-serving';
import { WireAnswer } from './wire-answer';

/**
 * Quote-list variants kept: five lists in 19 languages is 95 first pages at one page size; the rest
 * is room for other pages and sizes. A 20-row page is about 25 KB of JSON.
 */
const LIST_VARIANTS_MAX = 512;
const LIST_BYTES_MAX = 32 * 1024 * 1024;
/** Chart variants kept (product, interval, length): the app asks 500 candles, about 64 KB of JSON. */
const CHART_VARIANTS_MAX = 256;
const CHART_BYTES_MAX = 32 * 1024 * 1024;

/** A product row carries its name in the request's language (LanguageId, else Accept-Language). */
const BY_LANGUAGE = ['languageid', 'accept-language'] as const;

export interface ProductRows {
  rows: Product[];
  total: number;
}

export interface Chart {
  productCode: string;
  interval: Interval;
  simulated: boolean;
  candles: Candle[];
}

/**
 * The public market answers that change once a tick (the quote lists, the home recommendations, the
 * charts), built and serialized once per version of the market data and served from memory. Only
 * public data: nothing here may depend on who asks, since one answer goes to everyone asking.
 */
export class MarketAnswers {
  private readonly version: MarketDataVersion;
  private readonly lists = new AnswerCache<ProductRows>({ variantsMax: LIST_VARIANTS_MAX, bytesMax: LIST_BYTES_MAX });
  private readonly charts = new AnswerCache<Chart>({ variantsMax: CHART_VARIANTS_MAX, bytesMax: CHART_BYTES_MAX });

  /**
   * Adds an app-wide hook that sees every operator write (catalogue-changes.ts): make it when the
   * feature is registered, not inside a plugin, so the scopes of the features loaded later inherit it.
   */
  constructor(
    app: FastifyInstance,
    context: AppContext,
    private readonly serving: MemoryServing,
  ) {
    const version = new MarketDataVersion(context.market, context.clock);
    this.version = version;
    const stopFollowing = followCatalogueChanges(app, context.bus, () => version.catalogueChanged());
    app.addHook('onClose', async () => {
      stopFollowing();
      version.stop();
    });
  }

  /** A page of product rows; `variant` names everything the rows depend on besides the data version. */
  async list(request: RequestContext, variant: string, load: () => Promise<ProductRows>): Promise<ProductRows> {
    const wire = await this.lists.get(`${variant}|${request.language}`, this.version.current(), async () => {
      const answer = await load();
      // The envelope route.ts wraps a `rows` answer in, serialized by the route's own serializer.
      return new WireAnswer(
        answer,
        serialize(request.reply, { code: 200, msg: 'ok', rows: answer.rows, total: answer.total }),
      );
    });
    return this.serving.serve(request, wire, BY_LANGUAGE);
  }

  /** A chart; `variant` names everything it depends on besides the data version. */
  async chart(request: RequestContext, variant: string, load: () => Promise<Chart>): Promise<Chart> {
    const wire = await this.charts.get(variant, this.version.current(), async () => {
      const answer = await load();
      // The envelope route.ts wraps a `data` answer in.
      return new WireAnswer(answer, serialize(request.reply, { code: 200, msg: 'ok', data: answer }));
    });
    return this.serving.serve(request, wire, []);
  }
}

/** Serializes with the route's answer schema, as Fastify would: no field outside the contract is sent. */
function serialize(reply: FastifyReply, envelope: Record<string, unknown>): string {
  const serializeAnswer = reply.getSerializationFunction('200');
  if (!serializeAnswer) throw new Error(`${reply.request.url}: the route declares no answer schema`);
  return serializeAnswer(envelope);
}
