/** Demo accounts deposit only through the demo channel; real accounts never see it. */
export function channelsFor<Channel extends { demoOnly: number }>(
  channels: readonly Channel[],
  isDemo: boolean,
): Channel[] {
  return channels.filter((channel) => (channel.demoOnly === 1) === isDemo);
}
