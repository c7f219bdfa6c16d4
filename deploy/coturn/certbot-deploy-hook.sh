#!/bin/sh
# certbot deploy hook for coturn: /etc/letsencrypt/renewal-hooks/deploy/coturn (chmod 755).
# Let's Encrypt's private keys are readable by root only, and coturn runs as `turnserver`: each new
# certificate is copied where coturn reads it (/etc/coturn/certs, turnserver.conf's cert= and pkey=),
# owned by turnserver, then coturn restarts to take it (calls in progress reconnect by themselves:
# the room's ICE restart). Runs for the TURN host's certificate only.
set -eu
name=turn.tilmen.kz   # EDIT: the TURN host's name, as in turnserver.conf
case " ${RENEWED_DOMAINS:-$name} " in *" $name "*) ;; *) exit 0 ;; esac
live="${RENEWED_LINEAGE:-/etc/letsencrypt/live/$name}"
install -d -o root -g turnserver -m 0750 /etc/coturn/certs
install -o turnserver -g turnserver -m 0644 "$live/fullchain.pem" /etc/coturn/certs/fullchain.pem
install -o turnserver -g turnserver -m 0600 "$live/privkey.pem" /etc/coturn/certs/privkey.pem
systemctl restart coturn
