//! Frames on a byte stream: a 4-byte big-endian length, then that many bytes of JSON.
//!
//! A reader never trusts the length: a frame over [`MAX_FRAME`] is skipped unread (in
//! bounded chunks) and reported, so one bad frame costs its sender an error frame and
//! not the connection. Bytes that are not a frame's JSON are reported the same way.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

pub use crate::proto::MAX_FRAME;

/// The most bytes of an oversized frame a reader skips before it gives up on the stream.
const MAX_SKIP: usize = 64 << 20;

/// Why no frame was read.
#[derive(Debug)]
pub enum ReadError {
    /// The stream ended cleanly between frames.
    Closed,
    /// A frame of this many bytes, over the limit; it was skipped.
    TooBig(usize),
    /// A frame that is not a message of this protocol (the stream stays usable).
    Garbage(String),
    /// The stream failed or ended inside a frame.
    Io(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Closed => f.write_str("the connection was closed"),
            ReadError::TooBig(n) => write!(
                f,
                "a frame of {n} bytes is over the limit of {MAX_FRAME} bytes"
            ),
            ReadError::Garbage(m) => write!(f, "a frame that is not a Tavern message: {m}"),
            ReadError::Io(m) => write!(f, "the connection failed: {m}"),
        }
    }
}

impl ReadError {
    /// Whether the stream can go on after this error (the frame was read past).
    pub fn recoverable(&self) -> bool {
        matches!(self, ReadError::TooBig(_) | ReadError::Garbage(_))
    }
}

/// Encodes `msg` as one frame.
pub fn encode(msg: &impl Serialize) -> Vec<u8> {
    let body = serde_json::to_vec(msg).unwrap_or_default();
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// Writes `msg` as one frame.
pub async fn write_frame<W: AsyncWrite + Unpin>(
    w: &mut W,
    msg: &impl Serialize,
) -> std::io::Result<()> {
    w.write_all(&encode(msg)).await?;
    w.flush().await
}

/// Writes bytes already framed by [`encode`].
pub async fn write_raw<W: AsyncWrite + Unpin>(w: &mut W, frame: &[u8]) -> std::io::Result<()> {
    w.write_all(frame).await?;
    w.flush().await
}

/// Reads one frame and decodes it as `T`.
pub async fn read_frame<R: AsyncRead + Unpin, T: DeserializeOwned>(
    r: &mut R,
) -> Result<T, ReadError> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Err(ReadError::Closed),
        Err(e) => return Err(ReadError::Io(e.to_string())),
    }
    let n = u32::from_be_bytes(len) as usize;
    if n > MAX_FRAME {
        if n > MAX_SKIP {
            return Err(ReadError::Io(format!(
                "a frame of {n} bytes is over the limit of {MAX_FRAME} bytes"
            )));
        }
        let mut left = n;
        let mut scratch = vec![0u8; 64 << 10];
        while left > 0 {
            let k = left.min(scratch.len());
            r.read_exact(&mut scratch[..k])
                .await
                .map_err(|e| ReadError::Io(e.to_string()))?;
            left -= k;
        }
        return Err(ReadError::TooBig(n));
    }
    let mut body = vec![0u8; n];
    r.read_exact(&mut body)
        .await
        .map_err(|e| ReadError::Io(e.to_string()))?;
    serde_json::from_slice(&body).map_err(|e| ReadError::Garbage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::ClientMsg;

    #[tokio::test]
    async fn frames_round_trip_and_bad_ones_are_skipped_with_the_stream_intact() {
        let (mut a, mut b) = tokio::io::duplex(1 << 20);
        let msg = ClientMsg::Undo { seat: 2 };
        write_frame(&mut a, &msg).await.unwrap();
        // Garbage inside a frame, then an oversized frame, then a good one.
        write_raw(&mut a, &[0, 0, 0, 3, b'x', b'y', b'z'])
            .await
            .unwrap();
        let big = MAX_FRAME + 10;
        let mut over = (big as u32).to_be_bytes().to_vec();
        over.resize(4 + big, b' ');
        let writer = tokio::spawn(async move {
            write_raw(&mut a, &over).await.unwrap();
            write_frame(&mut a, &ClientMsg::Bye).await.unwrap();
        });
        let got: ClientMsg = read_frame(&mut b).await.unwrap();
        assert_eq!(got, msg);
        let e = read_frame::<_, ClientMsg>(&mut b).await.unwrap_err();
        assert!(matches!(e, ReadError::Garbage(_)) && e.recoverable(), "{e}");
        let e = read_frame::<_, ClientMsg>(&mut b).await.unwrap_err();
        assert!(matches!(e, ReadError::TooBig(n) if n == big), "{e}");
        assert!(e.to_string().contains(&MAX_FRAME.to_string()));
        let got: ClientMsg = read_frame(&mut b).await.unwrap();
        assert_eq!(got, ClientMsg::Bye);
        writer.await.unwrap();
        assert!(matches!(
            read_frame::<_, ClientMsg>(&mut b).await,
            Err(ReadError::Closed)
        ));
    }
}
