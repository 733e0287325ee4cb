// Role facts every layer shares (API schemas, services, the admin CLI): one definition, below all of them.

/** The spec's customerRoleId: 1 to 255 letters, digits, hyphens and underscores, case-sensitive. */
export const CUSTOMER_ROLE_ID = /^[A-Za-z0-9_-]{1,255}$/;

/** What a role job or request answers when it fails: the API's synchronous checks and the workflows' activities. */
export const RoleMessages = {
  notFound: 'Role not found',
  invalidId: 'Invalid role ID format',
  rolesNotFound: 'One or more roles not found',
  duplicate: 'Role with customerRoleId already exists',
  rbacDisabled: 'RBAC is not enabled for this workspace',
  ruledSourceRoot:
    "The item is the root of a source with rules, whose roles would reach every document: change the source's roleIds (its rules' default) instead",
} as const;
