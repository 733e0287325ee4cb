// What a verified access token or user space token says: the claims services/access/tokens.ts signs and verifies,
// defined here, below both the services and the policies that read them.

export type TokenType = 'access' | 'user_space';

export interface TokenClaims {
  tokenType: TokenType;
  organizationId: string;
  workspaceId: string;
  roleId?: string;
  /** The API key behind the token (directly, or through the access token that activated a user space). */
  apiKeyId: string;
  /**
   * Access tokens for one end user: their external id (the integrator's userId or customerIdString). Such a
   * token reaches only that user's space (src/policies/rules.ts).
   */
  subject?: string;
  /** User space tokens: the space user (internal id) and their space. */
  userId?: string;
  spaceId?: string;
  /**
   * User space tokens minted by an end user's access token: that token's rate budget (src/policies/rateBudgets.ts),
   * which the new token spends too.
   */
  budget?: string;
}
