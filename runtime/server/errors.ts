/** Coded server errors with pt-BR messages (the one catalogue; LoopBack error envelope). */

export interface ErrorEnvelope {
  error: {
    statusCode: number;
    name: string;
    message: string;
    code: string;
    /** The product's own code where `code` is LoopBack 3's (MODEL_NOT_FOUND → REGISTRO_NAO_ENCONTRADO). */
    codigo?: string;
    details?: unknown;
  };
}

/** An error the API answers as-is: status, stable code and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** The product's own code when `code` is LoopBack 3's, carried beside it in the envelope. */
    readonly codigo?: string,
  ) {
    super(message);
    this.name = HttpError.nameFor(statusCode);
  }

  static nameFor(statusCode: number): string {
    return STATUS_NAMES[statusCode] ?? (statusCode >= 500 ? 'InternalServerError' : 'Error');
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  406: 'NotAcceptableError',
  409: 'ConflictError',
  410: 'GoneError',
  413: 'PayloadTooLargeError',
  414: 'URITooLongError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableEntityError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
};

/** JSON schema of the error envelope, shared by every route's error responses. */
export const errorEnvelopeSchema = {
  $id: 'ErrorEnvelope',
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['statusCode', 'name', 'message', 'code'],
      properties: {
        statusCode: { type: 'integer' },
        name: { type: 'string' },
        message: { type: 'string' },
        code: { type: 'string' },
        codigo: {
          type: 'string',
          description:
            'Código do produto quando code segue o LoopBack 3 (ex.: MODEL_NOT_FOUND → REGISTRO_NAO_ENCONTRADO)',
        },
        details: {},
      },
    },
  },
} as const;

/** Builds the envelope the client reads (spec 000 §8 extraction: error.message). */
export function envelope(
  statusCode: number,
  code: string,
  message: string,
  details?: unknown,
  codigo?: string,
): ErrorEnvelope {
  return {
    error: {
      statusCode,
      name: HttpError.nameFor(statusCode),
      message,
      code,
      ...(codigo ? { codigo } : {}),
      ...(details ? { details } : {}),
    },
  };
}
