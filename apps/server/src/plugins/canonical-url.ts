/**
 * The request target every hook and the router agree on.
 *
 * The router (find-my-way) percent-decodes the path before matching, so `/%61pi/documents` reaches
 * the `/api/documents` handler; hooks that read `request.url` (the Origin check, the rate limiter's
 * allow-list, the admin-probe audit) saw the raw `/%61pi/...` and let it through. Fastify's
 * `rewriteUrl` runs before routing and before every hook, so the URL is rewritten here, once:
 * percent-encoded *unreserved* characters (letters, digits, `-._~`) are decoded, which RFC 3986
 * §6.2.2.2 says is the same URI, and what every route's static segments are made of. Everything
 * else stays as sent: reserved characters (`%2F`, `%3F`…) are never decoded by the router for
 * matching either, and parameters keep their own encoding.
 *
 * Other non-canonical forms are not rewritten: the router is strict (case-sensitive, no duplicate
 * slash or dot-segment folding), so `/API/...`, `//api/...`, `/api//x`, `/x/../api/...` and
 * `/api/./x` reach no handler and answer 404 (browsers resolve dot-segments before sending).
 */
const ENCODED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

export function canonicalUrl(url: string): string {
  let end = url.length;
  for (const delimiter of ['?', '#']) {
    const at = url.indexOf(delimiter);
    if (at !== -1 && at < end) end = at;
  }
  const path = url.slice(0, end);
  if (!path.includes('%')) return url;
  return path.replace(ENCODED_UNRESERVED, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) + url.slice(end);
}
