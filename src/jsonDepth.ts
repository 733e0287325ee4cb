// How deep JSON text nests, measured before it is parsed. Request bodies (src/api/middleware/body.ts) and the
// tool-call arguments an agent server sends (src/services/agent/agentRuns.ts) are refused beyond MAX_JSON_DEPTH: no
// shape we accept needs more, and deeper values reach recursive code downstream (PostgreSQL's jsonb parser
// answered 10,000 levels with an error that became a 500).

export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `JSON nesting exceeds ${MAX_JSON_DEPTH} levels`;

/** The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count); one pass. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** Whether JSON text nests deeper than MAX_JSON_DEPTH. */
export const isTooDeep = (text: string): boolean => jsonDepth(text) > MAX_JSON_DEPTH;
