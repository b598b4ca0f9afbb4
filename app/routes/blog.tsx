export default function Placeholder() {
  return <h1>blog</h1>;
}
