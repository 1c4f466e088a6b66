import { ErrorCode } from '../shared/errors.ts';

/** Expected failures thrown by services; the error handler maps them to the one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, ErrorCode.NotFound, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, ErrorCode.Unauthorized, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, ErrorCode.Forbidden, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, ErrorCode.Conflict, message);
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, ErrorCode.Validation, message, fields);
  }
}

export class TooManyRequests extends AppError {
  constructor(message = 'Please wait a moment before trying again.') {
    super(429, ErrorCode.TooManyRequests, message);
  }
}

export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again shortly.';

/** A backend the request needs (the database) cannot be reached right now. */
export class ServiceUnavailable extends AppError {
  constructor(message = UNAVAILABLE_MESSAGE) {
    super(503, ErrorCode.Unavailable, message);
  }
}
