/**
 * URL encoding exactly as Go's net/url writes it, so links, fragments and otpauth URIs are
 * byte-for-byte what GoTrue would produce.
 */

/** Go's url.QueryEscape: everything but [A-Za-z0-9-_.~] escaped, spaces as '+'. */
export function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode: keys sorted, each pair query-escaped. */
export function encodeValues(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key] ?? '')}`)
    .join('&');
}

/**
 * Go's `u.RawQuery = q.Encode()` after `q := u.Query(); q.Set(...)`: the URL's query is parsed,
 * the given keys replaced, and everything re-encoded in key order. Path and fragment are kept.
 */
export function replaceQuery(url: string, set: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const beforeFragment = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt < 0 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const values = new Map<string, string[]>();
  if (queryAt >= 0) {
    for (const [key, value] of new URLSearchParams(beforeFragment.slice(queryAt + 1))) {
      values.set(key, [...(values.get(key) ?? []), value]);
    }
  }
  for (const [key, value] of Object.entries(set)) values.set(key, [value]);
  const query = [...values.keys()]
    .sort()
    .flatMap((key) =>
      (values.get(key) ?? []).map((value) => `${goQueryEscape(key)}=${goQueryEscape(value)}`),
    )
    .join('&');
  return `${base}${query === '' ? '' : `?${query}`}${fragment}`;
}

/** Go's url.URL.String() for a Fragment set from encoded values: '%' gets escaped once more. */
export function goFragment(encoded: string): string {
  return encoded.replace(/%/g, '%25');
}

function goEscape(value: string, keep: RegExp): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keep, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Go's path escaping for url.URL.String(): keeps `$&+,/:;=@`. */
export function goPathEscape(value: string): string {
  return goEscape(value, /%(24|26|2B|2C|2F|3A|3B|3D|40)/g);
}

/** Go's url.PathEscape (one path segment): keeps `$&+:=@`. */
export function goPathSegmentEscape(value: string): string {
  return goEscape(value, /%(24|26|2B|3A|3D|40)/g);
}
