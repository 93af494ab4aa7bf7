/**
 * The web bench's floor: the site's own packages (React, React DOM, React Router's data router,
 * TanStack Query) and one route that fetches and lists Home's data, nothing of the site's code.
 * A page of the site can only be as fast as this; `npm run bench:web` measures both in one run.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

interface Homepage {
  readonly groups: Record<
    string,
    { readonly name: string; readonly projects: readonly { id: string; title: string }[] }
  >;
}

function Projects() {
  const { data, error } = useQuery({
    queryKey: ['homepage'],
    queryFn: async (): Promise<Homepage> => {
      const response = await fetch('/api/projects/homepage');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return ((await response.json()) as { data: Homepage }).data;
    },
  });
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <p>Loading...</p>;
  return (
    <ul>
      {Object.values(data.groups).flatMap((group) =>
        group.projects.map((project) => (
          <li key={project.id}>
            {project.title} ({group.name})
          </li>
        )),
      )}
    </ul>
  );
}

const router = createBrowserRouter([
  {
    path: '*',
    element: (
      <main>
        <h1>Projects</h1>
        <Projects />
      </main>
    ),
  },
]);

const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
