// Home's widget chunks, named once: HomeWidgets renders them lazily, and the Home route starts fetching
// them together with Home's own chunk (features/home/index.ts), so they do not wait for Home to render
// first (bench "home cold": one round trip less on a cold cache).
export const widgetChunks = {
  agenda: () => import('./agenda/AgendaWidget'),
  requests: () => import('./requests/RequestsWidget'),
  bookings: () => import('./bookings/BookingsWidget'),
  keyChildren: () => import('./keyChildren/KeyChildrenWidget'),
  considerations: () => import('./considerations/ConsiderationsWidget'),
};

export function fetchWidgetChunks(): void {
  for (const load of Object.values(widgetChunks)) void load().catch(() => undefined);
}
