export default function Placeholder() {
  return <h1>about</h1>;
}
