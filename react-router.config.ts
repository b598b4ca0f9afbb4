import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A separate folder lets a test run build beside a running server without touching it.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
