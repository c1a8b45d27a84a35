// The browser's side of a passkey (WebAuthn): the server's options in their JSON form turned into what
// `navigator.credentials` takes, and the credential it gives back turned into JSON for the server. A
// browser with `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON` and
// `credential.toJSON()` does both itself; for an older one the same is done here by hand (base64url).

/** Why a passkey ceremony did not end with a credential: `reason` is one the page has words for. */
export class PasskeyError extends Error {
  constructor(reason, cause) {
    super(reason);
    this.name = 'PasskeyError';
    /** 'unsupported' (no WebAuthn here), 'cancelled' (the person said no, or let it time out), 'failed'. */
    this.reason = reason;
    this.cause = cause;
  }
}

/** True when this browser can make and use passkeys at all. */
export function passkeysSupported() {
  return typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);
}

function bytesOf(base64url) {
  const base64 = String(base64url).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '==='.slice((base64.length + 3) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0)).buffer;
}

function base64urlOf(buffer) {
  if (!buffer) return undefined;
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const withIdBytes = (descriptors) => (descriptors || []).map((descriptor) => ({ ...descriptor, id: bytesOf(descriptor.id) }));

function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: bytesOf(json.challenge),
    user: { ...json.user, id: bytesOf(json.user.id) },
    excludeCredentials: withIdBytes(json.excludeCredentials),
  };
}

function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return { ...json, challenge: bytesOf(json.challenge), allowCredentials: withIdBytes(json.allowCredentials) };
}

/** A response's getter when this browser has it (`getPublicKey` and the like are Level 2 and later). */
function read(response, getter) {
  return typeof response[getter] === 'function' ? response[getter]() : undefined;
}

/** `credential.toJSON()`, or the same built by hand: every binary field as base64url. */
function credentialJSON(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const response = credential.response;
  const fields = { clientDataJSON: base64urlOf(response.clientDataJSON) };
  if (response.attestationObject) {
    Object.assign(fields, {
      attestationObject: base64urlOf(response.attestationObject),
      authenticatorData: base64urlOf(read(response, 'getAuthenticatorData')),
      publicKey: base64urlOf(read(response, 'getPublicKey')),
      publicKeyAlgorithm: read(response, 'getPublicKeyAlgorithm'),
      transports: read(response, 'getTransports'),
    });
  } else {
    Object.assign(fields, {
      authenticatorData: base64urlOf(response.authenticatorData),
      signature: base64urlOf(response.signature),
      userHandle: base64urlOf(response.userHandle),
    });
  }
  return {
    id: credential.id,
    rawId: base64urlOf(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: read(credential, 'getClientExtensionResults') ?? {},
    response: fields,
  };
}

/** `navigator.credentials[method]` with `publicKey`, its refusals sorted into PasskeyError reasons. */
async function ceremony(method, publicKey) {
  let credential;
  try {
    credential = await navigator.credentials[method]({ publicKey });
  } catch (error) {
    // NotAllowedError: the person closed the browser's dialog, refused, or let it time out. The
    // browser does not say which, on purpose (a page may not learn whether a passkey exists).
    throw new PasskeyError(error && error.name === 'NotAllowedError' ? 'cancelled' : 'failed', error);
  }
  if (!credential) throw new PasskeyError('cancelled');
  return credentialJSON(credential);
}

/** Makes a passkey with the server's creation options (their JSON form); resolves to the credential's JSON. */
export function createPasskey(optionsJSON) {
  if (!passkeysSupported()) return Promise.reject(new PasskeyError('unsupported'));
  return ceremony('create', creationOptions(optionsJSON));
}

/** Signs with one of the person's passkeys for this site (a discoverable one); resolves to the assertion's JSON. */
export function usePasskey(optionsJSON) {
  if (!passkeysSupported()) return Promise.reject(new PasskeyError('unsupported'));
  return ceremony('get', requestOptions(optionsJSON));
}
