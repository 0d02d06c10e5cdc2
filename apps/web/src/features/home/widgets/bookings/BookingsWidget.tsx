// Placeholder of the widget slot, replaced by the widget itself in this work (issue 15).
export default function Widget() {
  return null;
}
