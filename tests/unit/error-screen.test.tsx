// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from '@/app/screens/ErrorScreen';
import { NotFound } from '@/app/screens/NotFound';

function renderAt(path: string, loaderError?: unknown) {
  const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFound });
  const broken = createRoute({
    getParentRoute: () => rootRoute,
    path: '/broken',
    loader: () => {
      throw loaderError;
    },
    component: () => <p>never</p>,
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>home</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, broken]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: ErrorScreen,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

describe('router screens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an unexpected error shows "Unexpected Application Error!" with its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/broken', new Error('The frobnicator broke'));
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('The frobnicator broke')).toBeTruthy();
  });

  it('a network failure while offline explains that the page is not saved yet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt('/broken', new ClientResponseError({ status: 0, originalError: new TypeError('Failed to fetch') }));
    expect(await screen.findByRole('heading', { name: 'This page is not saved for offline use yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a network failure while online says the site could not be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/broken', new ClientResponseError({ status: 0, originalError: new TypeError('Failed to fetch') }));
    expect(await screen.findByRole('heading', { name: 'The site could not be reached' })).toBeTruthy();
  });

  it('an unknown path shows the 404 page', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
