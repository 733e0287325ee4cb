// The spec's space messages: the space service answers them for absent rows, the space policy for a space a
// credential does not reach (src/policies/rules.ts), so they live below both.
export const SpaceMessages = {
  notFound: 'Space not found',
  private: 'The space is private',
  groupNotFound: 'Group not found',
  messageNotFound: 'Message not found',
} as const;
