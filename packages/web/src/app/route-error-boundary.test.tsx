import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes, useNavigate } from '../lib/router/router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('the page broke');
}

function GoToWorkingPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/working')}>
      go on
    </button>
  );
}

function renderRoutes(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <GoToWorkingPage />
      <Routes>
        <Route
          element={
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          }
        >
          <Route path="/broken" element={<Broken />} />
          <Route path="/working" element={<p>working page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error page with a way home when a route below it throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/broken');
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('link').getAttribute('href')).toBe('#/pages/home/index');
  });

  it('forgets the error once the user navigates elsewhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes('/broken');
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'go on' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('working page')).toBeTruthy();
  });
});
