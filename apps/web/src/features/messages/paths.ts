/** The messages routes (SPEC §2), for navigation inside this feature. */
export const MESSAGE_PATHS = {
  list: '/pages/msg/msg-list',
  detail: '/pages/msg/msg-detail',
  notices: '/pages/notifyList/notifyList',
} as const;

/** One message's page (its id in the query, SPEC §2). */
export const messagePath = (id: number): string => `${MESSAGE_PATHS.detail}?id=${id}`;
