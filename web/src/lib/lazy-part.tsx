import { lazy, useState, type ComponentType } from 'react';
import { loadNamespaces, type Namespace } from '@/lib/i18n';

const everyPart: Array<() => Promise<unknown>> = [];

/**
 * A part of the app (a page, a dialog) whose code loads when it first shows: its code and,
 * in the current language, its words, requested together so neither waits for the other.
 * `preload` starts both early; a part already here (preloaded, or shown before) renders at
 * once instead of suspending for a tick as `lazy` alone would.
 */
export function lazyPart<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
  namespaces: readonly Namespace[],
) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadNamespaces(namespaces)]).then(
      ([component]) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // Offline, say: the next showing asks again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Part(props: Props) {
    // Chosen once, so the part is never mounted again when it finishes loading.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  everyPart.push(preload);
  return { Component: Part, preload };
}

/**
 * Loads every lazy part (the unit tests render any part at once), those that parts
 * loaded here define in turn included.
 */
export async function preloadEveryPart(): Promise<void> {
  for (let known = -1; known !== everyPart.length; ) {
    known = everyPart.length;
    await Promise.all(everyPart.map((preload) => preload()));
  }
}
