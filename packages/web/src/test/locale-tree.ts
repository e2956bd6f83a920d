/** A translation resource: nested objects of texts. */
export type Tree = { [key: string]: string | Tree };

/** Flattens nested resources into dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}
