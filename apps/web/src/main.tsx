import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { SESSION_QUERY_KEY } from '@/lib/session';

// A 401 from any call outside /api/auth/* means the session is gone: forget it and go sign in.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
  const { pathname } = router.state.location;
  if (pathname !== '/auth' && pathname !== '/registro') void router.navigate('/auth');
});

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
