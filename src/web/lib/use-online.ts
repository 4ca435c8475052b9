import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => onlineManager.subscribe(() => changed());
const isOnline = () => onlineManager.isOnline();

/**
 * Whether the browser has a network, as TanStack Query knows it (the browser's online and offline
 * events): while it has none, a write waits (the mutations' default networkMode) and goes when it
 * returns, and the app says so (NetworkStatus, the forms' button).
 */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline);
