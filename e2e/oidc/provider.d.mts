export declare const GOOGLE_CLIENT: { id: string; secret: string };
export declare const FACEBOOK_CLIENT: { id: string; secret: string };

export interface TestProvider {
  issuer: string;
  /** Environment for an app that signs in through this provider. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

export declare function startTestProvider(options: {
  port?: number;
  host?: string;
  appBaseUrls: string[];
}): Promise<TestProvider>;
