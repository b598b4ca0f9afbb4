export default function Placeholder() {
  return <h1>services</h1>;
}
