/** Contract trading in the domain: the price-trigger index and its full-scan reference. */
export {
  DEFAULT_TRIGGER_CAPACITY,
  firesRising,
  HIGHEST_LEVEL,
  LOWEST_LEVEL,
  MAXIMUM_TRIGGERS_PER_POSITION,
  TRIGGER_KIND_ORDER,
  triggerCrosses,
  TriggerBookError,
  type PositionDirection,
  type Trigger,
  type TriggerBook,
  type TriggerKind,
} from './trigger-rules';
export { TriggerIndex, type TriggerBookOptions } from './trigger-index';
export { TriggerScan } from './trigger-scan';
export * from './contract-math';
export * from './fast-trade';
export * from './trade-input';
export * from './open-contract';
export * from './close-contract';
export * from './fast-trade-open';
