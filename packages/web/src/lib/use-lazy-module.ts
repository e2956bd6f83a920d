import { useEffect, useState } from 'react';

/** A module fetched after the first paint, once: `loaded` answers synchronously after that. */
export interface LazyModule<T> {
  loaded(): T | undefined;
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => value,
    load: () => (loading ??= importer().then((module) => (value = module))),
  };
}

/** The module once it is here (undefined on the renders before); `wanted` false does not fetch it. */
export function useLazyModule<T>(module: LazyModule<T>, wanted = true): T | undefined {
  const [value, setValue] = useState(() => module.loaded());
  useEffect(() => {
    if (value || !wanted) return undefined;
    let mounted = true;
    void module.load().then((loaded) => {
      if (mounted) setValue(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [module, value, wanted]);
  return value;
}
