// Private topic helpers live in topics.ts (with the public topics, so they share one chunk); this
// module keeps the import path the trading and coin-to-coin screens use.
export { privateTopic, type PrivateChannel, type PrivateTopicMessages } from './topics';
