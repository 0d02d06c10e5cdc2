// A list page's room filter: a labelled native select (the tablet's own picker, and no Mantine input
// code in the screen's chunk) of "all rooms" and the site's rooms. null is all rooms.
import listPage from './ListPage.module.css';

export interface RoomSelectProps {
  /** The element's id and data-qa. */
  id: string;
  label: string;
  allRooms: string;
  rooms: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (roomID: number | null) => void;
  /** Widens the select (the page's CSS module). */
  className?: string;
}

export function RoomSelect({ id, label, allRooms, rooms, value, onChange, className }: RoomSelectProps) {
  return (
    <div className={listPage.field}>
      <label htmlFor={id} className={listPage.label}>
        {label}
      </label>
      <select
        id={id}
        className={className ? `${listPage.select} ${className}` : listPage.select}
        value={value === null ? 'all' : String(value)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(v === 'all' ? null : Number(v));
        }}
        data-qa={id}
      >
        <option value="all">{allRooms}</option>
        {rooms.map((r) => (
          <option key={r.id} value={String(r.id)}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}
