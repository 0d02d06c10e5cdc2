import { Loader, SimpleGrid } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { widgetChunks } from './chunks';

// Each widget is its own chunk, fetched alongside Home's own (widgets/chunks.ts): the log-in + Home bundle
// stays under its 250 KB limit (bench "bundle") however many widgets Home grows. The service worker
// precaches every chunk, so they open offline.
const AgendaWidget = lazy(widgetChunks.agenda);
const RequestsWidget = lazy(widgetChunks.requests);
const BookingsWidget = lazy(widgetChunks.bookings);
const KeyChildrenWidget = lazy(widgetChunks.keyChildren);
const ConsiderationsWidget = lazy(widgetChunks.considerations);

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
