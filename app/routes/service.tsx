export default function Placeholder() {
  return <h1>service</h1>;
}
