import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom does not implement scrolling; the layout scrolls to the top on navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {};
