import { Loader, SimpleGrid } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

// Each widget is its own chunk, fetched after Home's first render: the log-in + Home bundle stays under
// its 250 KB limit (bench "bundle") however many widgets Home grows. The device preparation at log-in
// fetches these chunks too (the service worker precaches every chunk), so they open offline.
const AgendaWidget = lazy(() => import('./agenda/AgendaWidget'));
const RequestsWidget = lazy(() => import('./requests/RequestsWidget'));
const BookingsWidget = lazy(() => import('./bookings/BookingsWidget'));
const KeyChildrenWidget = lazy(() => import('./keyChildren/KeyChildrenWidget'));
const ConsiderationsWidget = lazy(() => import('./considerations/ConsiderationsWidget'));

function Slot({ widget: Widget }: { widget: ComponentType }): ReactNode {
  return (
    <Suspense fallback={<Loader size="sm" aria-hidden />}>
      <Widget />
    </Suspense>
  );
}

/**
 * Home's widgets (spec 002 §2): agenda, requests, today's bookings, key children, and the pending
 * considerations. A widget decides itself whether it shows (its permission, the site's features).
 */
export function HomeWidgets() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-qa="home-widgets">
      <Slot widget={AgendaWidget} />
      <Slot widget={RequestsWidget} />
      <Slot widget={BookingsWidget} />
      <Slot widget={KeyChildrenWidget} />
      <Slot widget={ConsiderationsWidget} />
    </SimpleGrid>
  );
}
