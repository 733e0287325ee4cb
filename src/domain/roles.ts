// Role facts every layer shares (API schemas, services, the admin CLI): one definition, below all of them.

/** The spec's customerRoleId: 1 to 255 letters, digits, hyphens and underscores, case-sensitive. */
export const CUSTOMER_ROLE_ID = /^[A-Za-z0-9_-]{1,255}$/;
