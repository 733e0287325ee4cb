// Ids in a path are read in lower case, as the database answers them. A UUID's case carries nothing (RFC 9562),
// but the service compares ids in code (a credential's workspace with the path's) and builds Temporal workflow and
// schedule ids from them, where `…/sources/3F2A…` and `…/sources/3f2a…` would be two different things.
// customerRoleId is the application's own key, matched exactly as sent.
import type { Context } from 'koa';
import { isUuid } from '../../ids';

const CASE_SENSITIVE = new Set(['customerRoleId']);

const isIdParam = (name: string) => (name === 'id' || name.endsWith('Id')) && !CASE_SENSITIVE.has(name);

/** Lower-cases every UUID-shaped id parameter of the matched route, in place (the handler reads the same object). */
export function canonicalPathIds(ctx: Context): void {
  const params = (ctx as { params?: Record<string, string> }).params;
  if (!params) return;
  for (const [name, value] of Object.entries(params)) {
    if (isIdParam(name) && isUuid(value)) params[name] = value.toLowerCase();
  }
}
