export default function Placeholder() {
  return <h1>blog-post</h1>;
}
